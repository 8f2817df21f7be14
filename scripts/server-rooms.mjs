// The server's rooms from the bottom up (decision 045): a room imports only rooms listed before it. eslint.config.js
// turns this into import zones, and `npm run rooms` checks the imports against it, so the two cannot disagree.
// A room is a folder under server/; the root's files are named with their extension.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const serverLayers = [
  // The ground every room stands on: the context (types), configuration, clock, database, interval runner, the HTTP
  // toolkit the routes use (validate, errors, csrf, static client) and the collaborators with no domain (geo, storage).
  { name: 'ground', rooms: ['config.ts', 'clock.ts', 'startup.ts', 'shutdown.ts', 'context.ts', 'db', 'jobs', 'http', 'geo', 'storage'] },
  // Who is asking: users, sessions, access checks, the session plugin.
  { name: 'identity', rooms: ['identity'] },
  // What many rooms read or use: platform settings, notifications, uploads, what a membership gives a booking.
  {
    name: 'shared',
    rooms: ['platform', 'member-benefits', 'notifications', 'uploads', 'diagnostics', 'onboarding', 'referrals', 'garage', 'catalog'],
  },
  // The booking and what follows it; each room here may import those before it in this list.
  { name: 'bookings', rooms: ['bookings', 'payments', 'proof', 'tracking', 'marketing', 'memberships', 'business'] },
  // Features: each imports the rooms below, none imports another, nothing below imports them. A new folder lands here.
  { name: 'features', rooms: [], sideways: false },
  // The composition root and what stands on it.
  { name: 'top', rooms: ['app.ts', 'seed', 'main.ts'] },
];

const isSource = (name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);

/** The folders with code and the root files under a server folder (tests are not rooms; data/ holds no code). */
export function serverRooms(serverDir) {
  return readdirSync(serverDir, { withFileTypes: true })
    .filter((entry) =>
      entry.isDirectory()
        ? readdirSync(path.join(serverDir, entry.name), { recursive: true }).some((name) => isSource(String(name)))
        : isSource(entry.name),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * Every room in order, bottom first, each with its layer; a folder no layer names is a feature (fenced in without
 * touching this file). `mayImport(a, b)`: b comes before a, and not from the same feature layer.
 */
export function roomOrder(serverDir) {
  const named = new Set(serverLayers.flatMap((layer) => layer.rooms));
  const features = serverRooms(serverDir).filter((room) => !named.has(room));
  const order = serverLayers.flatMap((layer) =>
    (layer.name === 'features' ? features : layer.rooms).map((room) => ({ room, layer: layer.name, sideways: layer.sideways !== false })),
  );
  const position = new Map(order.map((entry, index) => [entry.room, index]));
  const mayImport = (from, to) => {
    if (from === to) return true;
    const a = order[position.get(from)];
    const b = order[position.get(to)];
    if (!a || !b) return false;
    if (a.layer === b.layer && !a.sideways) return false;
    return position.get(to) < position.get(from);
  };
  return { order, mayImport };
}

/** A room's name as the room graph prints it (root files without their extension). */
export const graphName = (room) => room.replace(/\.tsx?$/, '');

/** The path of a room, relative to the repository, for lint zones. */
export const roomPath = (room) => path.posix.join('server', room);
