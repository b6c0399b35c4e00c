/** What the service's modules log through: the methods of the app's pino logger that they call. */
type LogMethod = (details: object, message: string) => void;

export interface Logger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}
