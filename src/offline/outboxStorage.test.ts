import { memoryStorage } from './memoryStorage';
import { createKeptOutbox } from './outboxStorage';
import { outboxSlice, waitingFound, writeDone, writeWaiting, type WaitingWrite } from './outboxSlice';
import { waitingWriteOf } from './waitingWrite';

const like = (member: string, postId: string, at: number): WaitingWrite => ({ id: `${member}-${postId}-${at}`, member, kind: 'like', target: postId, request: { url: `/posts/like/${postId}`, method: 'POST' }, at });

describe('the outbox kept in the browser', () => {
  it("keeps each member's writes in the order made, takes off those done, and forgets as asked", async () => {
    const storage = memoryStorage();
    const outbox = createKeptOutbox(storage);
    await outbox.add(like('ava', 'p1', 1));
    await outbox.add(like('ava', 'p2', 2));
    await outbox.add(like('liam', 'p1', 3));
    expect((await outbox.load('ava')).map((write) => write.target)).toEqual(['p1', 'p2']);

    await outbox.remove('ava', ['ava-p1-1']);
    expect((await outbox.load('ava')).map((write) => write.target)).toEqual(['p2']);

    await outbox.forget('ava');
    expect(await outbox.load('liam')).toEqual([]);
    expect(await outbox.load('ava')).toHaveLength(1);
    await outbox.forget();
    expect(storage.data.size).toBe(0);
  });

  it('adds a write once, whatever tab adds it again', async () => {
    const outbox = createKeptOutbox(memoryStorage());
    await outbox.add(like('ava', 'p1', 1));
    await outbox.add(like('ava', 'p1', 1));
    expect(await outbox.load('ava')).toHaveLength(1);
  });
});

describe('a waiting write', () => {
  it("names its post by the call's last path segment, and keeps the call as made", () => {
    const write = waitingWriteOf('bookmark', 'ava', { url: '/users/bookmark/p%2F1', method: 'post', headers: { prefer: 'return=minimal' } }, 5);
    expect(write).toMatchObject({ member: 'ava', kind: 'bookmark', target: 'p/1', at: 5, request: { url: '/users/bookmark/p%2F1', method: 'POST', headers: { prefer: 'return=minimal' } } });
    expect(waitingWriteOf('like', 'ava', { url: '/posts/like/p1' })?.id).not.toBe(waitingWriteOf('like', 'ava', { url: '/posts/like/p1' })?.id);
  });

  it('joins the outbox in the order made, once, and leaves it when done', () => {
    let state = outboxSlice.reducer(undefined, writeWaiting(like('ava', 'p2', 2)));
    state = outboxSlice.reducer(state, waitingFound([like('ava', 'p1', 1), like('ava', 'p2', 2)]));
    expect(state.waiting.map((write) => write.target)).toEqual(['p1', 'p2']);
    state = outboxSlice.reducer(state, writeDone('ava-p1-1'));
    expect(state.waiting.map((write) => write.target)).toEqual(['p2']);
  });
});
