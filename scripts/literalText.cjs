// The lint rule that keeps the app's words in its catalogues (eslint.config.js); scripts/literalText.node.test.ts
// checks what it finds.

/**
 * Words a person reads or hears, written in place in JSX: its text, the attributes read out or shown
 * (aria-label, title, placeholder, alt, label), and a string or template an expression puts there.
 * Each comes from a catalogue instead (src/i18n/: `t` and `useT`).
 */
const READ_ATTRIBUTES = 'aria-label|title|placeholder|alt|label';
/** Where an expression's value is shown or read out: among an element's children, or in one of those attributes (not a class name or an address). */
const SHOWN = `:matches(JSXElement, JSXFragment, JSXAttribute[name.name=/^(${READ_ATTRIBUTES})$/])`;

const LITERAL_TEXT = [
  { selector: 'JSXText[value=/\\p{L}{2,}/u]', message: 'Text a member sees comes from a catalogue (src/i18n/), not from JSX.' },
  { selector: `JSXAttribute[name.name=/^(${READ_ATTRIBUTES})$/] > Literal[value=/\\p{L}{2,}/u]`, message: 'A name or hint a member reads or hears comes from a catalogue (src/i18n/).' },
  { selector: `${SHOWN} > JSXExpressionContainer > Literal[value=/\\p{L}{2,}/u]`, message: 'Text a member sees comes from a catalogue (src/i18n/), not from a string in JSX.' },
  { selector: `${SHOWN} > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/\\p{L}{2,}/u]`, message: 'Text a member sees comes from a catalogue (src/i18n/), not from a string in JSX.' },
  { selector: `${SHOWN} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/\\p{L}{2,}/u]`, message: 'Text a member sees comes from a catalogue (src/i18n/), with its values as placeholders.' },
  { selector: `${SHOWN} > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > TemplateLiteral > TemplateElement[value.raw=/\\p{L}{2,}/u]`, message: 'Text a member sees comes from a catalogue (src/i18n/), with its values as placeholders.' },
];

module.exports = { LITERAL_TEXT };
