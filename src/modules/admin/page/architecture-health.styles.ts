export const ARCHITECTURE_HEALTH_CSS = `
[hidden] { display: none !important; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem 1.5rem; color: #1f2933; }
h1 { font-size: 1.4rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.1rem; margin-top: 1.5rem; }
#status, #updated { color: #52606d; }
form { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
input { flex: 1; min-width: 16rem; padding: 0.35rem; font: inherit; }
button { padding: 0.35rem 0.8rem; font: inherit; cursor: pointer; }
#error { background: #fde8e8; border: 1px solid #e12d39; color: #8a041a; padding: 0.6rem 0.8rem; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin-top: 0.5rem; }
th, td { border-bottom: 1px solid #d9e2ec; padding: 0.35rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f0f4f8; }
td.alert { color: #b91c1c; font-weight: 600; }
td.warn { color: #b45309; font-weight: 600; }
.empty { color: #7b8794; text-align: left; }
#chart svg { display: block; margin-top: 0.5rem; }
.legend { font-size: 12px; fill: #52606d; }
.bar-pending { fill: #f59e0b; }
.bar-failed { fill: #dc2626; }
.bar-label { font-size: 12px; fill: #1f2933; }
`;
