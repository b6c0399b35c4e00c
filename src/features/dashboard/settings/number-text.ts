/** A number field's text as the number it holds; empty or unreadable text stays text, so that the rule names the problem. */
export const numberOf = (text: string): number | string => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));
