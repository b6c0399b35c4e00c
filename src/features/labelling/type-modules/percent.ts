/** ' (87%)' after a subject's name, or nothing when the model gave no probability. */
export const percentSuffix = (probability: number | null) => (probability === null ? '' : ` (${Math.round(probability * 100)}%)`);
