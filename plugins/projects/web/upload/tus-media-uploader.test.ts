import { describe, expect, it } from 'vitest';
import { uploadRefusal } from './tus-media-uploader';

/** tus-js-client's DetailedError: its message, and the response it gave up on. */
function tusError(body: string | null) {
  const error = new Error(`tus: unexpected response while uploading chunk, response text: ${body}`);
  return Object.assign(error, { originalResponse: body === null ? null : { getBody: () => body } });
}

describe('what a failed upload tells a person', () => {
  it('the server’s message when it refused the file (the Error JSON), tus’s own error otherwise', () => {
    const refused = JSON.stringify({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The file is not a video or audio file',
      code: 'not_media',
    });
    expect(uploadRefusal(tusError(refused)).message).toBe('The file is not a video or audio file');
    const plain = tusError('Forbidden\n');
    expect(uploadRefusal(plain)).toBe(plain);
    const offline = tusError(null);
    expect(uploadRefusal(offline)).toBe(offline);
  });
});
