import type { ChatDeps, ChatStore } from '../chat-state';
import { ImageTooLargeError, isAcceptedImage } from './image-attachment';

/** Choosing and removing the image for the next message. `notify` shows a notice and reports the reason. */
export function createAttachments(
  store: ChatStore,
  deps: Pick<ChatDeps, 'prepareImage'>,
  notify: (text: string, reason: string) => void,
) {
  return {
    /** Chooses an image for the next message; anything but an image gets a clear notice. */
    async attachImage(file: File): Promise<void> {
      const { strings } = store.getState();
      if (!isAcceptedImage(file))
        return notify(strings.imageOnly, `attachment: "${file.name}" is not an image (${file.type || 'unknown type'})`);
      try {
        const image = await deps.prepareImage(file);
        store.setState({ attachment: { dataUrl: image.dataUrl, name: file.name }, notice: null });
      } catch (error) {
        const text = error instanceof ImageTooLargeError ? strings.imageTooLarge : strings.imageUnreadable;
        notify(text, `attachment: "${file.name}" could not be read (${(error as Error).message})`);
      }
    },

    removeAttachment(): void {
      store.setState({ attachment: null });
    },
  };
}
