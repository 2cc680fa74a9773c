/** Image imports resolve to a path under jest. */
export default 'test-file-stub';
