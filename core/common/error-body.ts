/**
 * What every failed call answers: Fastify's shape plus `code` (for code) and `field` (the input it
 * is about). `message` is what people read.
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  field?: string;
}
