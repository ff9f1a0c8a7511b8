import { describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { render, waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { FakeEventSource } from '../../test/eventSource';
import { mockFetch, resetAfterEach } from '../../test/utils';
import { useBookEvents } from '../books/useBookEvents';
import { useListCommentsQuery } from './commentsApi';

resetAfterEach();

function Page() {
  useBookEvents();
  useListCommentsQuery('b1');
  useListCommentsQuery('b2');
  return null;
}

describe("a book's comment events on the live stream", () => {
  it('read that book’s threads again, and only that book’s', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.opened = [];
    const calls = mockFetch({
      'GET /book/b1/comments': () => ({ status: 200, body: [] }),
      'GET /book/b2/comments': () => ({ status: 200, body: [] }),
    });
    const reads = (bookId: string) => calls.filter((call) => call.url === `/book/${bookId}/comments`).length;
    render(
      <Provider store={makeStore()}>
        <Page />
      </Provider>,
    );
    await waitFor(() => expect([reads('b1'), reads('b2')]).toEqual([1, 1]));
    const stream = FakeEventSource.opened[0]!;
    stream.emit('comment.created', { bookId: 'b1', threadId: 't1' });
    await waitFor(() => expect(reads('b1')).toBe(2));
    stream.emit('comment.resolved', { bookId: 'b1', threadId: 't1' });
    await waitFor(() => expect(reads('b1')).toBe(3));
    expect(reads('b2')).toBe(1);
  });
});
