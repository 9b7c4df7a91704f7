// The 404 page writes the missing path to the console, so a broken link is easy to trace.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
