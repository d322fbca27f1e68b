import { describe, expect, it } from 'vitest';
import { amzDate, signV4, uriEncode, type SigningScope } from './sigv4.js';

/** The AWS Signature Version 4 test suite: credentials, date and scope shared by its vectors. */
const SUITE: SigningScope = {
  region: 'us-east-1',
  service: 'service',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  date: new Date('2015-08-30T12:36:00Z'),
};
const CREDENTIAL = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';
const HOST = { Host: 'example.amazonaws.com' };
const STS_TOKEN =
  'AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==';

describe('signV4 against the published test suite', () => {
  it('get-vanilla', () => {
    const signed = signV4({ method: 'GET', url: 'https://example.amazonaws.com/', headers: HOST }, SUITE);
    expect(signed.canonicalRequest).toBe('GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(signed.stringToSign).toBe('AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63');
    expect(signed.headers.authorization).toBe(`${CREDENTIAL}, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`);
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it('get-vanilla-query-order-key-case: parameters are sorted', () => {
    const signed = signV4({ method: 'GET', url: 'https://example.amazonaws.com/?Param2=value2&Param1=value1', headers: HOST }, SUITE);
    expect(signed.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('post-vanilla', () => {
    const signed = signV4({ method: 'POST', url: 'https://example.amazonaws.com/', headers: HOST }, SUITE);
    expect(signed.stringToSign.split('\n')[3]).toBe('553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87');
    expect(signed.signature).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
  });

  it('post-x-www-form-urlencoded: the content type and the body are signed', () => {
    const signed = signV4(
      { method: 'POST', url: 'https://example.amazonaws.com/', headers: { ...HOST, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'Param1=value1' },
      SUITE,
    );
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e',
    );
    expect(signed.headers.authorization).toBe(`${CREDENTIAL}, SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a`);
  });

  it('post-sts-header-before: a session token is sent and signed', () => {
    const signed = signV4({ method: 'POST', url: 'https://example.amazonaws.com/', headers: HOST }, { ...SUITE, credentials: { ...SUITE.credentials, sessionToken: STS_TOKEN } });
    expect(signed.headers['x-amz-security-token']).toBe(STS_TOKEN);
    expect(signed.headers.authorization).toBe(`${CREDENTIAL}, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead`);
  });

  it('get-utf8: a non-ASCII path is signed percent-encoded (S3-style single encoding)', () => {
    const signed = signV4({ method: 'GET', url: 'https://example.amazonaws.com/ሴ', headers: HOST }, { ...SUITE, uriEscapePath: false });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/%E1%88%B4');
    expect(signed.signature).toBe('8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85');
  });
});

describe('signV4 for Bedrock', () => {
  it('encodes an already encoded path once more, as services other than S3 require', () => {
    const url = 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke';
    const signed = signV4({ method: 'POST', url, headers: { 'content-type': 'application/json' }, body: '{}' }, { ...SUITE, service: 'bedrock' });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/model/anthropic.claude-3-haiku-20240307-v1%253A0/invoke');
    expect(signed.canonicalRequest).toContain('host:bedrock-runtime.us-east-1.amazonaws.com\n');
    expect(signed.headers).not.toHaveProperty('host');
  });

  it('collapses whitespace in header values and joins repeated names', () => {
    const signed = signV4({ method: 'GET', url: 'https://example.amazonaws.com/', headers: { ...HOST, 'My-Header1': '  a   b  ', 'my-header1': 'c' } }, SUITE);
    expect(signed.canonicalRequest).toContain('my-header1:a b,c\n');
  });

  it('formats dates and encodes like RFC 3986', () => {
    expect(amzDate(new Date('2025-01-02T03:04:05.678Z'))).toBe('20250102T030405Z');
    expect(uriEncode("a:b/c!'()*~._-")).toBe('a%3Ab%2Fc%21%27%28%29%2A~._-');
  });
});
