/** A probability as a whole percentage: '87%'. */
export const percent = (probability: number) => `${Math.round(probability * 100)}%`;

/** ' (87%)' after a subject's name, or nothing when the model gave no probability. */
export const percentSuffix = (probability: number | null) => (probability === null ? '' : ` (${percent(probability)})`);
