/** The service stores and answers times as Unix seconds, with a fraction for what is finer than a second. */
export const unixNow = () => Date.now() / 1000;

export const toUnixSeconds = (date: Date) => date.getTime() / 1000;
