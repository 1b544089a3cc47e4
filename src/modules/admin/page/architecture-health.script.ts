/**
 * The page's script, served as a file of its own so that the page's Content-Security-Policy can
 * forbid inline script. Plain DOM (textContent, never innerHTML): event type and queue names are
 * data. The token lives in sessionStorage only (gone with the tab) and travels in a header.
 */
export const ARCHITECTURE_HEALTH_JS = String.raw`'use strict';
(function () {
  var TOKEN_KEY = 'architecture-health.token';
  var ENDPOINT = '/api/v1/admin/architecture-health';
  var REFRESH_MS = 5000;
  var SVG = 'http://www.w3.org/2000/svg';
  var timer = null;
  // Bumped whenever the token changes: an answer to an older request is dropped, so only one refresh loop runs.
  var generation = 0;
  var byId = function (id) { return document.getElementById(id); };

  function setText(id, text) { byId(id).textContent = text; }

  function showError(message) {
    var error = byId('error');
    error.textContent = message;
    error.hidden = !message;
  }

  function cell(row, value, className) {
    var td = document.createElement('td');
    td.textContent = value === null || value === undefined ? '—' : String(value);
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }

  function fillTable(id, rows, columns, emptyText) {
    var body = byId(id).tBodies[0];
    body.replaceChildren();
    if (rows.length === 0) {
      var tr = document.createElement('tr');
      var td = cell(tr, emptyText, 'empty');
      td.colSpan = columns.length + 1;
      body.appendChild(tr);
      return;
    }
    rows.forEach(function (item) {
      var tr = document.createElement('tr');
      tr.dataset.name = item.type || item.name;
      cell(tr, item.type || item.name);
      columns.forEach(function (column) {
        var value = item[column.key];
        cell(tr, value, value > 0 && column.className ? column.className : '').dataset.column = column.key;
      });
      body.appendChild(tr);
    });
  }

  function svg(name, attributes, text) {
    var element = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { element.setAttribute(key, String(attributes[key])); });
    if (text !== undefined) element.textContent = text;
    return element;
  }

  // Pending and failed per event type as horizontal bars on one scale.
  function drawChart(events) {
    var chart = byId('chart');
    chart.replaceChildren();
    var labelWidth = 220, barWidth = 420, rowHeight = 34, top = 22;
    var max = 1;
    events.forEach(function (event) { max = Math.max(max, event.pending, event.failed); });
    var height = top + Math.max(events.length, 1) * rowHeight;
    var root = svg('svg', { width: labelWidth + barWidth + 60, height: height, role: 'img', 'aria-label': 'Pending and failed events per type' });
    root.appendChild(svg('rect', { x: labelWidth, y: 4, width: 10, height: 10, class: 'bar-pending' }));
    root.appendChild(svg('text', { x: labelWidth + 14, y: 13, class: 'legend' }, 'pending'));
    root.appendChild(svg('rect', { x: labelWidth + 80, y: 4, width: 10, height: 10, class: 'bar-failed' }));
    root.appendChild(svg('text', { x: labelWidth + 94, y: 13, class: 'legend' }, 'failed'));
    if (events.length === 0) root.appendChild(svg('text', { x: 0, y: top + 14, class: 'legend' }, 'No events recorded yet.'));
    events.forEach(function (event, index) {
      var y = top + index * rowHeight;
      root.appendChild(svg('text', { x: 0, y: y + 18, class: 'bar-label' }, event.type));
      [['pending', 'bar-pending', 2], ['failed', 'bar-failed', 16]].forEach(function (bar) {
        var value = event[bar[0]];
        var width = value > 0 ? Math.max(2, Math.round((value / max) * barWidth)) : 0;
        var rect = svg('rect', { x: labelWidth, y: y + bar[2], width: width, height: 12, class: bar[1] });
        rect.appendChild(svg('title', {}, event.type + ' ' + bar[0] + ': ' + value));
        root.appendChild(rect);
        root.appendChild(svg('text', { x: labelWidth + width + 6, y: y + bar[2] + 10, class: 'legend' }, String(value)));
      });
    });
    chart.appendChild(root);
  }

  function render(report) {
    fillTable('events', report.events, [
      { key: 'recorded' }, { key: 'dispatched' }, { key: 'processed' },
      { key: 'pending', className: 'warn' }, { key: 'failed', className: 'alert' },
      { key: 'oldest_pending_age_seconds', className: 'warn' },
    ], 'No events recorded yet.');
    fillTable('queues', report.queues || [], [
      { key: 'waiting' }, { key: 'active' }, { key: 'failed', className: 'alert' }, { key: 'delayed' },
    ], report.queues ? 'No queues.' : 'Queue counts unavailable: Redis did not answer in time.');
    drawChart(report.events);
    setText('updated', 'Updated ' + new Date(report.generated_at).toLocaleTimeString());
    byId('report').hidden = false;
  }

  function signedOut(message) {
    generation += 1;
    if (timer) clearTimeout(timer);
    timer = null;
    sessionStorage.removeItem(TOKEN_KEY);
    byId('report').hidden = true;
    byId('sign-in').hidden = false;
    setText('status', '');
    showError(message);
  }

  function refresh() {
    var token = sessionStorage.getItem(TOKEN_KEY);
    if (!token) return signedOut('');
    var mine = generation;
    byId('sign-in').hidden = true;
    setText('status', 'Refreshing every ' + REFRESH_MS / 1000 + ' s');
    fetch(ENDPOINT, { headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' }, cache: 'no-store' })
      .then(function (res) {
        if (mine !== generation) return;
        if (res.status === 401) return signedOut('401 Unauthenticated: the token is missing, unknown, expired or revoked.');
        if (res.status === 403) return signedOut('403 Forbidden: this token does not belong to a super admin.');
        if (!res.ok) throw new Error('the server answered ' + res.status);
        return res.json().then(function (body) {
          if (mine !== generation) return;
          showError('');
          render(body.data);
          timer = setTimeout(refresh, REFRESH_MS);
        });
      })
      .catch(function (error) {
        if (mine !== generation) return;
        showError('Could not refresh (' + error.message + '); retrying in ' + REFRESH_MS / 1000 + ' s.');
        timer = setTimeout(refresh, REFRESH_MS);
      });
  }

  byId('sign-in').addEventListener('submit', function (event) {
    event.preventDefault();
    var input = byId('token');
    var token = input.value.trim().replace(/^Bearer\s+/i, '');
    input.value = '';
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    generation += 1;
    if (timer) clearTimeout(timer);
    refresh();
  });
  byId('sign-out').addEventListener('click', function () { signedOut(''); });
  refresh();
})();
`;
