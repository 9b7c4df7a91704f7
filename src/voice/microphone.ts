/** What asking for the microphone gave. */
export type MicrophoneAccess = 'granted' | 'denied' | 'missing' | 'unavailable';

/**
 * Asks for the microphone and releases it at once. Done in the click that starts a call: it tells a
 * denied or missing microphone apart before any call is placed (the voice SDK only reports a generic
 * failure), and on iOS Safari it unlocks audio within the tap.
 */
export async function requestMicrophone(): Promise<MicrophoneAccess> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  // Without a secure context (https or localhost) browsers offer no mediaDevices at all.
  if (!devices?.getUserMedia) return 'unavailable';
  try {
    const stream = await devices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
      return 'missing';
    if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
    return 'unavailable';
  }
}
