/**
 * The page's static shell: no data and nothing about the service in it (decisions §12). The
 * script asks for a super admin's token and reads everything through the JSON endpoint.
 */
export const ARCHITECTURE_HEALTH_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Architecture health</title>
<link rel="stylesheet" href="/admin/architecture-health.css">
<script src="/admin/architecture-health.js" defer></script>
</head>
<body>
<header>
  <h1>Architecture health</h1>
  <p id="status" role="status" aria-live="polite"></p>
</header>
<main>
  <form id="sign-in">
    <label for="token">Super admin bearer token</label>
    <input id="token" name="token" type="password" autocomplete="off" required>
    <button type="submit">Show</button>
  </form>
  <p id="error" role="alert" hidden></p>
  <section id="report" hidden>
    <p><button id="sign-out" type="button">Forget token</button> <span id="updated"></span></p>
    <h2>Domain events</h2>
    <div id="chart"></div>
    <table id="events">
      <thead><tr><th>Event type</th><th>Recorded</th><th>Dispatched</th><th>Processed</th><th>Pending</th><th>Failed</th><th>Oldest pending (s)</th></tr></thead>
      <tbody></tbody>
    </table>
    <h2>Queues</h2>
    <table id="queues">
      <thead><tr><th>Queue</th><th>Waiting</th><th>Active</th><th>Failed</th><th>Delayed</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
</main>
</body>
</html>
`;
