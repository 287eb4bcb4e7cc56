/** The slice of a pino (or Fastify) logger the chain module writes to. */
export interface ChainLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: ChainLogger = { info() {}, warn() {}, error() {} };
