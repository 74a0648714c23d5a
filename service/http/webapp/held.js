// What this browser holds, in localStorage: the seats it plays (token per match and seat), the
// invite codes and organiser tokens of matches it created, and the last version it saw of each match.

const SEATS = "kifu.seats.v1";
const INVITES = "kifu.invites.v1";
const SEEN = "kifu.seen.v1";
const ORGANISER = "kifu.organiser.v1";

function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function write(key, value) {
  localStorage.setItem(key, JSON.stringify(value));
}

/** [{match_id, seat, token, name, game, variant}] */
export function heldSeats() {
  return read(SEATS, []);
}

export function seatsIn(matchId) {
  return heldSeats().filter(s => s.match_id === matchId).sort((a, b) => a.seat - b.seat);
}

export function holdSeat(entry) {
  const others = heldSeats().filter(s => !(s.match_id === entry.match_id && s.seat === entry.seat));
  write(SEATS, [...others, entry]);
}

export function forgetSeats(matchIds) {
  const gone = new Set(matchIds);
  write(SEATS, heldSeats().filter(s => !gone.has(s.match_id)));
}

/** {match_id: {game, variant, invites: [{seat, name, code}]}} for matches created here */
export function createdInvites() {
  return read(INVITES, {});
}

export function keepInvites(matchId, record) {
  write(INVITES, {...createdInvites(), [matchId]: record});
}

/** Remember a re-issued invite code of ``matchId`` (replacing the seat's old one). */
export function keepInvite(matchId, match, invite) {
  const record = createdInvites()[matchId] ?? {game: match.game, variant: match.variant, invites: []};
  record.invites = [...record.invites.filter(i => i.seat !== invite.seat), invite];
  keepInvites(matchId, record);
}

export function dropInvite(matchId, seat) {
  const all = createdInvites();
  if (!all[matchId]) return;
  all[matchId].invites = all[matchId].invites.filter(i => i.seat !== seat);
  if (!all[matchId].invites.length) delete all[matchId];
  write(INVITES, all);
}

/** The organiser token of a match created here (it alone re-issues a lost invite), or null. */
export function organiserToken(matchId) {
  return read(ORGANISER, {})[matchId] ?? null;
}

export function keepOrganiser(matchId, token) {
  if (token) write(ORGANISER, {...read(ORGANISER, {}), [matchId]: token});
}

export function lastSeen(matchId) {
  return read(SEEN, {})[matchId] ?? 0;
}

export function markSeen(matchId, version) {
  const all = read(SEEN, {});
  if ((all[matchId] ?? 0) < version) write(SEEN, {...all, [matchId]: version});
}

export function inviteLink(matchId, seat, code) {
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/join/${encodeURIComponent(matchId)}/${seat}` + (code ? `/${encodeURIComponent(code)}` : "");
}

/** Forget the seats held by the player's key (on signing out); seats held by their own token stay. */
export function dropPlayerSeats() {
  write(SEATS, heldSeats().filter(s => !s.player));
}
