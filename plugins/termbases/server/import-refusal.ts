/** A term-base file refused (the route answers 422 on `content` with this message). Kept free of the host so worker threads can load the readers. */
export class ImportRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusal';
  }
}
