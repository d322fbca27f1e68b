export { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions, type RecordedRequest, type Route } from './fake-upstream.js';
export * from './replies.js';
export { fixtureReply, jsonFixture, fixtureBodyText, sseFixtureEvents, sseFixtureRawEvents, sseFixtureText, type JsonFixture } from './fixtures.js';
export { parseMultipart } from './multipart.js';
