import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Yields the server-sent events of a response body as they arrive. */
export async function* readSse(body: AsyncIterable<Buffer>): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    for (let i = 0; i < queue.length; i++) yield queue[i];
    queue.length = 0;
  }
}
