// The dealer's Activity: the table pages run by Discord in a channel. The
// Discord client authorizes the player (the Embedded App SDK), the server
// exchanges the code for the player's session and finds the instance's
// table, and the frame goes to the table's page. Every address is
// relative: Discord's proxy serves the site under its own.
import { DiscordSDK } from '@discord/embedded-app-sdk';

const root = document.getElementById('activity');
const status = document.getElementById('activity-status');
const games = document.getElementById('activity-games');

function say(text) {
  status.textContent = text;
}

// post sends body as JSON and returns the answer, or throws its reason.
async function post(path, body, csrf) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (csrf) headers['X-CSRF-Token'] = csrf;
  const resp = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  const answer = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(answer.error || 'The dealer did not answer: try again.');
  return answer;
}

// choose shows the games and resolves with the one clicked.
function choose() {
  games.hidden = false;
  say('No game is dealt here yet.');
  return new Promise((resolve) => {
    games.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-game]');
      if (!b) return;
      games.querySelectorAll('button').forEach((x) => { x.disabled = true; });
      say('Dealing…');
      resolve(b.dataset.game);
    });
  });
}

async function main() {
  const clientId = root.dataset.client;
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
  });
  say('Signing you in…');
  const auth = await post('activity/token', { code });
  await sdk.commands.authenticate({ access_token: auth.access_token });
  say('Finding the table…');
  let table = await post('activity/table', { instance: sdk.instanceId }, auth.csrf);
  while (!table.table) {
    const game = await choose();
    try {
      table = await post('activity/table', { instance: sdk.instanceId, game }, auth.csrf);
    } catch (err) {
      games.querySelectorAll('button').forEach((x) => { x.disabled = false; });
      say(err.message);
    }
  }
  location.replace(table.table);
}

main().catch((err) => say(err.message || String(err)));
