// The one record of "the last search failed" (the modal and the search page show it), and what a failed search answers.
import {test, expect} from '@playwright/test';
import {answerFailures, failureKind, lastSearchFailure} from '../../src/search/failure';
import {SearchUnavailableError} from '../../src/search/types';

test('a failure is recorded with its kind and answered with no hits; the next answer clears it', async () => {
  let fail: Error | null = new SearchUnavailableError('search-index.json: HTTP 503', {cause: 'http'});
  const client = answerFailures({
    appId: 'offline',
    search: (arg: unknown) => (fail ? Promise.reject(fail) : Promise.resolve({results: [{hits: [1], arg}]})),
  });
  expect(client.appId).toBe('offline');
  expect(lastSearchFailure()).toBeNull();

  const empty = await client.search({requests: [{indexName: 'docs', query: 'MQTT'}]});
  expect(empty).toMatchObject({results: [{hits: [], nbHits: 0, query: 'MQTT', index: 'docs'}]});
  const first = lastSearchFailure();
  expect(first).toEqual({kind: 'http'});

  // Another failure of the same kind is a new record: the modal tells it from one that happened before it opened.
  fail = new SearchUnavailableError('search: no answer within 10 s');
  await client.search([{indexName: 'docs', params: {query: '设备影子'}}]);
  expect(lastSearchFailure()).toEqual({kind: 'network'});
  expect(lastSearchFailure()).not.toBe(first);

  fail = null;
  await expect(client.search({requests: []})).resolves.toEqual({results: [{hits: [1], arg: {requests: []}}]});
  expect(lastSearchFailure()).toBeNull();
});

test('failure kinds: ours carry one; an Algolia error with an HTTP status is the server’s, else the network’s', () => {
  expect(failureKind(new SearchUnavailableError('x', {cause: 'http'}))).toBe('http');
  expect(failureKind({name: 'ApiError', status: 500})).toBe('http');
  expect(failureKind({name: 'RetryError'})).toBe('network');
  expect(failureKind(null)).toBe('network');
});
