/**
 * A short burst of confetti from one point of the screen, for the win. Loaded only when a prize is
 * won (a dynamic import), so the wheel page's first download does not carry it. One canvas over the
 * page, removed when the last piece has fallen; the caller skips it with reduced motion.
 */

/** How many pieces, how long they fly, and how they move (CSS px, seconds). */
const PIECES = 90;
const DURATION_MS = 1600;
const SPEED_MIN = 260;
const SPEED_MAX = 620;
const GRAVITY = 900;
const DRAG_PER_S = 1.6;
/** The burst opens upwards over this spread of angles (radians either side of straight up). */
const SPREAD = Math.PI * 0.55;
const COLORS = ['#facc15', '#ef4444', '#22c55e', '#3b82f6', '#ec4899', '#f97316', '#ffffff'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  spin: number;
  turn: number;
  w: number;
  h: number;
  color: string;
}

/** Fires the burst from (x, y), viewport CSS px; resolves when it is over. */
export function burst(x: number, y: number, doc: Document = document): Promise<void> {
  const canvas = doc.createElement('canvas');
  canvas.className = 'confetti';
  canvas.setAttribute('aria-hidden', 'true');
  const view = doc.defaultView ?? window;
  const ratio = view.devicePixelRatio || 1;
  const width = view.innerWidth;
  const height = view.innerHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: `${width}px`,
    height: `${height}px`,
    pointerEvents: 'none',
    // Over the dimmed page, under the dialogs' own layer (visitor-modal__dim 20, backdrop 22).
    zIndex: '21',
  });
  doc.body.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  const pieces: Piece[] = Array.from({ length: PIECES }, (_, i) => {
    const angle = -Math.PI / 2 + (Math.random() * 2 - 1) * SPREAD;
    const speed = SPEED_MIN + Math.random() * (SPEED_MAX - SPEED_MIN);
    return {
      x,
      y,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      spin: Math.random() * Math.PI,
      turn: (Math.random() * 2 - 1) * 12,
      w: 6 + Math.random() * 5,
      h: 4 + Math.random() * 4,
      color: COLORS[i % COLORS.length]!,
    };
  });
  return new Promise((resolve) => {
    let last = view.performance.now();
    const start = last;
    const frame = (time: number) => {
      const dt = Math.min(0.05, (time - last) / 1000);
      last = time;
      const age = time - start;
      if (!ctx || age >= DURATION_MS) {
        canvas.remove();
        resolve();
        return;
      }
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, width, height);
      ctx.globalAlpha = Math.min(1, (DURATION_MS - age) / 400);
      for (const p of pieces) {
        const drag = Math.exp(-DRAG_PER_S * dt);
        p.vx *= drag;
        p.vy = p.vy * drag + GRAVITY * dt;
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        p.spin += p.turn * dt;
        ctx.save();
        ctx.translate(p.x, p.y);
        ctx.rotate(p.spin);
        ctx.scale(1, Math.cos(p.spin * 1.7));
        ctx.fillStyle = p.color;
        ctx.fillRect(-p.w / 2, -p.h / 2, p.w, p.h);
        ctx.restore();
      }
      view.requestAnimationFrame(frame);
    };
    view.requestAnimationFrame(frame);
  });
}
