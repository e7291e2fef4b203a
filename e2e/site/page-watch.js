// What a site's own monitoring would see, for the tests to read: Content-Security-Policy and
// Trusted Types refusals, uncaught errors, unhandled rejections, Web Lock requests, the load event.
window.cspViolations = [];
window.pageErrors = [];
window.lockRequests = 0;
window.loaded = false;
document.addEventListener('securitypolicyviolation', (event) =>
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
);
window.addEventListener('error', (event) => window.pageErrors.push(`error: ${event.message}`));
window.addEventListener('unhandledrejection', (event) => window.pageErrors.push(`unhandled rejection: ${event.reason}`));
window.addEventListener('load', () => (window.loaded = true));
const locks = navigator.locks;
if (locks) {
  const request = locks.request.bind(locks);
  locks.request = (...args) => {
    window.lockRequests++;
    return request(...args);
  };
}
