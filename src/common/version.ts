declare const __STORE_ASSISTANT_VERSION__: string;

/** The widget's version, from package.json (injected by the build and by the test config). */
export const VERSION: string = __STORE_ASSISTANT_VERSION__;
