import type Redis from 'ioredis';
import { postgresRoomPublisher, redisRoomPublisher } from './room-publisher';
import { tokenRoom } from './socket-io-channels';

/** Room names of a user with many tokens: more than one message holds. */
const rooms = Array.from({ length: 250 }, (_, index) => tokenRoom(String(1_000_000 + index)));

describe('RoomPublisher.disconnectRooms (decisions §15)', () => {
  it('PostgreSQL: one NOTIFY per 100 rooms, each a DISCONNECT_SOCKETS of the default namespace, well under 8000 bytes', async () => {
    const notified: Array<{ channel: string; payload: string }> = [];
    const publisher = postgresRoomPublisher((text, values) => {
      if (text.includes('pg_notify')) notified.push({ channel: String(values[0]), payload: String(values[1]) });
      return Promise.resolve([]);
    }, 'sf');

    await publisher.disconnectRooms(rooms);

    expect(notified).toHaveLength(3);
    const messages = notified.map(({ channel, payload }) => {
      expect(channel).toBe('sf:socket.io#/');
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
      return JSON.parse(payload) as { nsp: string; type: number; data: { opts: { rooms: string[]; except: string[] }; close: boolean } };
    });
    // 6: the cluster adapter's DISCONNECT_SOCKETS; the adapter routes by nsp, which the emitter leaves out.
    expect(messages.map((message) => [message.nsp, message.type, message.data.close, message.data.opts.except])).toEqual([
      ['/', 6, false, []],
      ['/', 6, false, []],
      ['/', 6, false, []],
    ]);
    expect(messages.flatMap((message) => message.data.opts.rooms)).toEqual(rooms);
  });

  it('PostgreSQL: a failed NOTIFY rejects', async () => {
    const publisher = postgresRoomPublisher(() => Promise.reject(new Error('connection refused')), 'sf');
    await expect(publisher.disconnectRooms([tokenRoom('1')])).rejects.toThrow('connection refused');
  });

  it('Redis: one request per 100 rooms on the request channel the adapter listens to; a failed PUBLISH rejects', async () => {
    const published: Array<{ channel: string; message: string }> = [];
    let fail = false;
    const redis = {
      publish: (channel: string, message: string) => {
        published.push({ channel, message: String(message) });
        return fail ? Promise.reject(new Error('Redis is away')) : Promise.resolve(1);
      },
    } as unknown as Redis;
    const publisher = redisRoomPublisher(redis, 'sf');

    await publisher.disconnectRooms(rooms);
    expect(published.map((entry) => entry.channel)).toEqual(Array(3).fill('sf:socket.io-request#/#'));
    const requests = published.map((entry) => JSON.parse(entry.message) as { type: number; opts: { rooms: string[] }; close: boolean });
    // 4: the Redis adapter's REMOTE_DISCONNECT.
    expect(requests.map((request) => [request.type, request.close])).toEqual(Array(3).fill([4, false]));
    expect(requests.flatMap((request) => request.opts.rooms)).toEqual(rooms);

    fail = true;
    await expect(publisher.disconnectRooms([tokenRoom('1')])).rejects.toThrow('Redis is away');
  });

  it('publishes nothing for no rooms', async () => {
    const run = jest.fn(() => Promise.resolve([]));
    await postgresRoomPublisher(run, 'sf').disconnectRooms([]);
    expect(run).not.toHaveBeenCalled();
  });
});
