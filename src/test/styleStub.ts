/** CSS imports do nothing under jest. */
export default {};
