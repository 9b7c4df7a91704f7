/**
 * Resolves in a new task (a message-channel task, which, unlike setTimeout, is never clamped), so the
 * page can handle input and paint in between. Loading evaluates large dependencies in separate tasks
 * with this, so none of them becomes a long task on the store's page.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
