// @ts-check
// daily-js methods the widget can never call, and the build step that leaves them out of the bundle.
//
// The widget reaches daily-js only through @vapi-ai/web, and its Vapi instance stays inside
// src/voice/vapi-client.ts: nothing else on the page gets hold of the call object. daily-js is compiled
// to ES5 classes, whose methods are listed as `{key:"name",value:function(){...}}` descriptors and so
// stay in the bundle whether called or not. The methods below are named nowhere in @vapi-ai/web, in our
// sources, or in the daily-js code that stays: no code path can call them. Leaving them out also lets the
// bundler drop what only they used, such as the Bowser user-agent parser (only `supportedBrowser` used
// it) and the validators of dial-out, live streaming, remote media player and custom-track options.
//
// `dropUnusedMethods` throws when a method is missing, when a cut is not exactly one descriptor, or when
// the code that stays still names a dropped method; build/patches/slim-daily.mjs also refuses a @vapi-ai/web that
// names one. test/build/daily-unused-methods.test.ts proves the same for our sources.

/**
 * The daily-js methods (of its call object and its message channels) that nothing can call.
 * @type {readonly string[]}
 */
export const UNUSED_DAILY_METHODS = [
  // Prebuilt-UI frames and their settings: the widget only ever creates a call object.
  'createFrame',
  'createTransparentFrame',
  'getCallInstance',
  'supportedBrowser',
  'setTheme',
  'setShowNamesMode',
  'setShowLocalVideo',
  'setShowParticipantsBar',
  'setActiveSpeakerMode',
  'setCustomIntegrations',
  'startCustomIntegrations',
  'stopCustomIntegrations',
  'updateCustomTrayButtons',
  'getSidebarView',
  'setSidebarView',
  'setPlayNewParticipantSound',
  'setDailyLang',
  'getDailyLang',
  // Meeting features a Vapi voice call does not use.
  'startDialOut',
  'stopDialOut',
  'sipCallTransfer',
  'sipRefer',
  'sendDTMF',
  'startLiveStreaming',
  'updateLiveStreaming',
  'addLiveStreamingEndpoints',
  'removeLiveStreamingEndpoints',
  'stopLiveStreaming',
  'updateRecording',
  'startTranscription',
  'updateTranscription',
  'stopTranscription',
  'startRemoteMediaPlayer',
  'stopRemoteMediaPlayer',
  'updateRemoteMediaPlayer',
  'startCustomTrack',
  'stopCustomTrack',
  'validateCustomTrack',
  'addFakeParticipant',
  'sayHello',
  'requestAccess',
  'accessState',
  'waitingParticipants',
  'updateWaitingParticipant',
  'updateWaitingParticipants',
  'meetingState',
  'meetingSessionSummary',
  'getMeetingSession',
  'setMeetingSessionData',
  'setUserName',
  'setUserData',
  'updateParticipants',
  'isDestroyed',
  // Devices, media and network settings and diagnostics the SDK never calls.
  'setCamera',
  'setAudioDevice',
  'cycleCamera',
  'cycleMic',
  'getCameraFacingMode',
  'getInputSettings',
  'localScreenAudio',
  'localScreenVideo',
  'updateScreenShare',
  'nativeInCallAudioMode',
  'setNativeInCallAudioMode',
  'getReceiveSettings',
  'updateReceiveSettings',
  'updateSendSettings',
  'getSendSettings',
  'setBandwidth',
  'setProxyUrl',
  'setIceConfig',
  'setNetworkTopology',
  'getNetworkTopology',
  'getNetworkStats',
  'getCpuLoadStats',
  'testConnectionQuality',
  'stopTestConnectionQuality',
  'testPeerToPeerCallQuality',
  'stopTestPeerToPeerCallQuality',
  'abortTestNetworkConnectivity',
  'abortTestWebsocketConnectivity',
  'getActiveSpeaker',
  'getRemoteParticipantsAudioLevel',
  'isRemoteParticipantsAudioLevelObserverRunning',
  'stopRemoteParticipantsAudioLevelObserver',
  // The packaged-message channel of daily's prebuilt UI.
  'forwardPackagedMessageToCallMachine',
  'addListenerForPackagedMessagesFromCallMachine',
  'removeListenerForPackagedMessagesFromCallMachine',
];

/**
 * Whether `code` names `name` as a whole word (an identifier, a property or a string's content).
 * @param {string} code
 * @param {string} name
 */
export function namesWord(code, name) {
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
}

/**
 * Whether `text` is exactly one JavaScript expression (parsed, never run).
 * @param {string} text
 */
function isOneExpression(text) {
  try {
    // Only parses: the function is never called.
    new Function(`return (${text}\n);`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The end of the object literal opening at `start`: braces counted, then the slice confirmed by parsing
 * it, so a brace inside a string or a regular expression cannot cut a method in the wrong place.
 * @param {string} code
 * @param {number} start
 * @param {string} name the method's, for the error
 */
function descriptorEnd(code, start, name) {
  let depth = 0;
  for (let index = start; index < code.length; index += 1) {
    if (code[index] === '{') depth += 1;
    else if (code[index] === '}' && (depth -= 1) === 0) {
      const end = index + 1;
      if (!isOneExpression(code.slice(start, end)))
        throw new Error(`daily-js: could not cut its ${name} method cleanly`);
      return end;
    }
  }
  throw new Error(`daily-js: its ${name} method does not close`);
}

/**
 * Leaves each of `names` (by default UNUSED_DAILY_METHODS) out of daily-js's class method lists, with
 * the comma that joined it to its neighbour. Throws when a method is not found, or when the code that
 * stays still names one of them (a newer daily-js calling it): the list must then be checked.
 * @param {string} code
 * @param {readonly string[]} [names]
 */
export function dropUnusedMethods(code, names = UNUSED_DAILY_METHODS) {
  let result = code;
  for (const name of names) {
    const opening = new RegExp(`\\{key:"${name}",(?:value|get|set):`, 'g');
    const starts = [...result.matchAll(opening)].map((match) => match.index).reverse();
    if (starts.length === 0)
      throw new Error(`daily-js: expected a ${name} method, found none; see build/patches/daily-unused-methods.mjs`);
    for (const start of starts) {
      const end = descriptorEnd(result, start, name);
      // Each descriptor sits in an array literal: take the comma after it, or else the one before it.
      if (result[end] === ',') result = result.slice(0, start) + result.slice(end + 1);
      else if (result[start - 1] === ',' && result[end] === ']')
        result = result.slice(0, start - 1) + result.slice(end);
      else throw new Error(`daily-js: its ${name} method is not in a method list`);
    }
  }
  const stillNamed = names.filter((name) => namesWord(result, name));
  if (stillNamed.length > 0) {
    throw new Error(`daily-js now uses ${stillNamed.join(', ')}: keep them (build/patches/daily-unused-methods.mjs)`);
  }
  return result;
}
