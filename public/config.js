// Runtime configuration of the Looplabel app. A deployment may replace this file without rebuilding.
// apiBaseUrl: the Vision Application Service to talk to; empty means the origin that serves the app.
window.LOOPLABEL_CONFIG = { apiBaseUrl: '' };
