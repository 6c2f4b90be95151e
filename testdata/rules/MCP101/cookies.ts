// Traps: a web app's cookie sessions, in a file with no MCP context.
import express from 'express';
import session from 'express-session';

const app = express();
app.use(session({ secret: 'x', resave: false, saveUninitialized: true }));

// ok: MCP101
const carts: Record<string, string[]> = {};
// ok: MCP101
const visits = new Map<string, number>();

app.get('/cart', (req, res) => {
  const sessionId = req.sessionID;
  carts[sessionId] ??= [];
  visits.set(req.sessionID, (visits.get(req.sessionID) ?? 0) + 1);
  res.json({ cart: carts[sessionId], user: req.session.id });
});
