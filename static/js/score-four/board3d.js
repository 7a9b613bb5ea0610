// The three.js board: 16 pegs on a wooden base, balls that drop onto them. It draws what
// the page tells it (update) and reports which peg a player chose (onIntent). It renders
// only when something changes: no animation loop runs while the board is idle, and
// the container's data-frames counts every frame drawn.
//
// Columns A-D run left to right and rows 1-4 far to near in the starting view, as in the
// 16-button panel. Mouse: hover shows a translucent ball, click drops. Touch: the first tap
// shows the translucent ball, a second tap on the same peg drops. Drag rotates, wheel and
// pinch zoom.
// "three" is the tree-shaken build of tools/vendor_three.sh (static/vendor/three/three-board.js):
// a name used here must be listed in tools/three-board.js.
import * as THREE from "three";
import { OrbitControls } from "three";

import { CELL_NAMES, cellOf } from "./model.js";

const SPACING = 1.2; // between pegs
const RADIUS = 0.45; // of a ball
const STEP = RADIUS * 2; // height of one level
const BASE_TOP = 0;
const PEG_HEIGHT = STEP * 4 + 0.3;
const LABEL_ROOM = 0.5; // extra base on the left for the row numbers
// Extra base on the near side: seen from the top, a ball on the near row's level 4 stands
// closer to the camera and so looks bigger and further out than its peg; the column letters
// sit beyond it.
const NEAR_ROOM = 0.5;
// The camera looks at the middle of the base (with its extra room on the left and near side).
const TARGET = new THREE.Vector3(-LABEL_ROOM / 2, STEP * 1.4, NEAR_ROOM / 2);
const VIEWS = {
  oblique: { polar: 0.98, azimuth: 0, distance: 11.6 },
  // From far away through a long lens: close up, the tall pegs' tops splay out like a fisheye
  // and cover the column letters.
  top: { polar: 0.0001, azimuth: 0, distance: 32 },
};
// Further out than the oblique view the lens narrows as much as the camera backs away, so the
// board keeps its size on screen and only its perspective flattens.
const LENS_DISTANCE = 11.6;
const MAX_POLAR = 1.32; // never below the base: the board cannot flip
const DROP_MS = 320;
const TAP_SLOP_PX = 8;

const COLOURS = {
  white: 0xf3efe6,
  black: 0x25242b,
  blackRing: 0xb9b4aa,
  gold: 0xf2b90d,
  last: 0xff7a00,
  wood: 0xc99a63,
  woodEdge: 0xa97a45,
  peg: 0x8a6a45,
  threat: 0xe0332b,
  hint: 0x2f7de1,
};

const WIN_MS = 900; // the winning line's drawing and the balls' swell

const pegX = (peg) => ((peg % 4) - 1.5) * SPACING;
const pegZ = (peg) => (Math.floor(peg / 4) - 1.5) * SPACING;
const levelY = (level) => BASE_TOP + RADIUS + level * STEP;
const cellCentre = (cell) => new THREE.Vector3(pegX(cell % 16), levelY(Math.floor(cell / 16)), pegZ(cell % 16));
// Motion is cut short when the player's system asks for less of it.
const stillness = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Keep the whole board in view on tall, narrow screens.
export function baseFov(width, height) {
  return width < height * 0.9 ? 36 * Math.min(1.45, (height * 0.9) / width) : 36;
}

export function lensFov(base, distance) {
  return base * Math.min(1, LENS_DISTANCE / distance);
}

function cameraPosition({ polar, azimuth, distance }) {
  return TARGET.clone().add(new THREE.Vector3().setFromSphericalCoords(distance, polar, azimuth));
}

// Where the pegs (base and top) and the column letters stand, for a test that looks at the
// board from a named view through the same camera: viewCamera("top", width, height).
const ROW_LABEL_EDGE = SPACING * 2 + 0.02;
const LABEL_EDGE = ROW_LABEL_EDGE + NEAR_ROOM * 0.76; // the column letters, past the balls
export const LAYOUT = Object.freeze({
  pegs: Array.from({ length: 16 }, (_, peg) => ({ x: pegX(peg), z: pegZ(peg) })),
  base: BASE_TOP, top: BASE_TOP + PEG_HEIGHT, pegRadius: 0.07, spacing: SPACING,
  ballRadius: RADIUS, levels: [0, 1, 2, 3].map(levelY),
  columnLabels: [0, 1, 2, 3].map((i) => ({ x: (i - 1.5) * SPACING, z: LABEL_EDGE, half: 0.21 })),
});

export function viewCamera(name, width, height) {
  const camera = new THREE.PerspectiveCamera(36, width / height, 0.5, 80);
  camera.position.copy(cameraPosition(VIEWS[name]));
  camera.lookAt(TARGET);
  camera.fov = lensFov(baseFov(width, height), camera.position.distanceTo(TARGET));
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  return camera;
}

function labelTexture(text) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = "#4a3219";
  g.font = "bold 44px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(text, 32, 34);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

export class Board3D {
  // container: the element to draw in (gets a canvas). options: { onIntent(peg), onRefused(peg),
  // onContextLost(), onContextRestored() }. Throws if WebGL cannot start.
  constructor(container, {
    onIntent, onRefused = () => {}, onContextLost = () => {}, onContextRestored = () => {},
    onRenderSpeed = () => {}, onViewChange = () => {},
  }) {
    this.container = container;
    this.onIntent = onIntent;
    this.onRefused = onRefused;
    this.frames = 0;
    this.renderMs = 0; // time spent in renderer.render (CPU side)
    // Intervals between frames drawn back to back (animations): the real frame time, GPU
    // included. After 30 of them the speed is reported once.
    this.chain = { previous: null, ms: 0, count: 0, reported: false };
    this.onRenderSpeed = onRenderSpeed;
    // The view buttons' state: "oblique", "top", or "" once the player (or the end of a
    // game) turned the camera somewhere else.
    this.onViewChange = onViewChange;
    this.gliding = false;
    this.winKey = ""; // the winning line on show (its cells), and the one the camera turned for
    this.turnedFor = "";
    this.pending = false;
    this.animations = [];
    this.view = { pegs: Array.from({ length: 16 }, () => []), usable: false, toMove: 0 };
    this.balls = new Map(); // cell -> {mesh, player, ring}
    this.hoverPeg = null;
    this.selectedPeg = null; // touch: first tap

    this.canvas = document.createElement("canvas");
    this.canvas.className = "board3d__canvas";
    this.renderer = new THREE.WebGLRenderer({ canvas: this.canvas, antialias: true, alpha: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(0x000000, 0);
    container.prepend(this.canvas);

    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(36, 1, 0.5, 80);
    this.buildScene();

    this.controls = new OrbitControls(this.camera, this.canvas);
    Object.assign(this.controls, {
      enableDamping: false, enablePan: false, minDistance: 7, maxDistance: 34,
      minPolarAngle: 0, maxPolarAngle: MAX_POLAR,
    });
    this.controls.target.copy(TARGET);
    this.placeCamera(VIEWS.oblique);
    this.controls.addEventListener("change", () => {
      this.fitLens();
      this.requestRender();
    });
    // A drag turns the board away from the named view: its button is no longer pressed. A tap
    // starts the controls too but moves nothing: the button stays pressed.
    let grabbed = null;
    this.controls.addEventListener("start", () => { grabbed = this.camera.position.clone(); });
    this.controls.addEventListener("end", () => { grabbed = null; });
    this.controls.addEventListener("change", () => {
      if (grabbed && grabbed.distanceTo(this.camera.position) > 1e-3) {
        grabbed = null;
        this.onViewChange("");
      }
    });
    this.bindPointer();
    this.canvas.addEventListener("webglcontextlost", () => {
      container.dataset.context = "lost";
      onContextLost();
    });
    this.canvas.addEventListener("webglcontextrestored", () => {
      container.dataset.context = "ok";
      onContextRestored();
      this.requestRender();
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  buildScene() {
    const scene = this.scene;
    scene.add(new THREE.HemisphereLight(0xffffff, 0x6b5a48, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 2.2);
    sun.position.set(4, 10, 6);
    scene.add(sun);

    const size = SPACING * 4 + 0.5;
    // The base reaches further out on the left, where the row numbers sit clear of the pegs,
    // and on the near side, where the column letters sit clear of the balls.
    const base = new THREE.Mesh(
      new THREE.BoxGeometry(size + LABEL_ROOM, 0.4, size + NEAR_ROOM),
      [COLOURS.woodEdge, COLOURS.woodEdge, COLOURS.wood, COLOURS.woodEdge, COLOURS.woodEdge, COLOURS.woodEdge]
        .map((color) => new THREE.MeshStandardMaterial({ color, roughness: 0.8 })),
    );
    base.position.set(-LABEL_ROOM / 2, BASE_TOP - 0.2, NEAR_ROOM / 2);
    scene.add(base);

    // Column letters along the near edge, row numbers along the left edge.
    const labelGeometry = new THREE.PlaneGeometry(0.42, 0.42);
    const addLabel = (text, x, z) => {
      const label = new THREE.Mesh(labelGeometry, new THREE.MeshBasicMaterial({ map: labelTexture(text), transparent: true }));
      label.rotation.x = -Math.PI / 2;
      label.position.set(x, BASE_TOP + 0.005, z);
      scene.add(label);
    };
    for (let i = 0; i < 4; i++) {
      addLabel("ABCD"[i], (i - 1.5) * SPACING, LABEL_EDGE);
      addLabel(String(i + 1), -ROW_LABEL_EDGE - LABEL_ROOM, (i - 1.5) * SPACING);
    }

    const pegGeometry = new THREE.CylinderGeometry(0.07, 0.07, PEG_HEIGHT, 12);
    const pegMaterial = new THREE.MeshStandardMaterial({ color: COLOURS.peg, roughness: 0.6 });
    const hitGeometry = new THREE.CylinderGeometry(RADIUS * 1.15, RADIUS * 1.15, PEG_HEIGHT + 0.4, 10);
    const hitMaterial = new THREE.MeshBasicMaterial({ visible: false });
    this.hitAreas = [];
    for (let peg = 0; peg < 16; peg++) {
      const stick = new THREE.Mesh(pegGeometry, pegMaterial);
      stick.position.set(pegX(peg), BASE_TOP + PEG_HEIGHT / 2, pegZ(peg));
      scene.add(stick);
      const hit = new THREE.Mesh(hitGeometry, hitMaterial);
      hit.position.copy(stick.position);
      hit.userData.peg = peg;
      scene.add(hit);
      this.hitAreas.push(hit);
    }

    // Shared geometry and materials. Black balls carry a light band round the middle and a
    // dark body, white balls are plain and light: distinct without relying on hue.
    this.ballGeometry = new THREE.SphereGeometry(RADIUS * 0.97, 32, 20);
    this.bandGeometry = new THREE.TorusGeometry(RADIUS * 0.97, RADIUS * 0.09, 8, 40);
    this.lastGeometry = new THREE.TorusGeometry(RADIUS * 0.5, RADIUS * 0.12, 10, 32);
    this.markGeometry = new THREE.TorusGeometry(RADIUS * 0.55, RADIUS * 0.1, 8, 24);
    this.materials = {
      0: new THREE.MeshStandardMaterial({ color: COLOURS.white, roughness: 0.35 }),
      1: new THREE.MeshStandardMaterial({ color: COLOURS.black, roughness: 0.3, metalness: 0.1 }),
      band: new THREE.MeshStandardMaterial({ color: COLOURS.blackRing, roughness: 0.4 }),
      gold: new THREE.MeshStandardMaterial({ color: COLOURS.gold, emissive: 0x5a3c00, roughness: 0.25, metalness: 0.55 }),
      winLine: new THREE.MeshStandardMaterial({ color: COLOURS.gold, emissive: 0x8a5a00, roughness: 0.3, metalness: 0.4 }),
      last: new THREE.MeshBasicMaterial({ color: COLOURS.last }),
      ghost0: new THREE.MeshStandardMaterial({ color: COLOURS.white, transparent: true, opacity: 0.5, depthWrite: false }),
      ghost1: new THREE.MeshStandardMaterial({ color: COLOURS.black, transparent: true, opacity: 0.5, depthWrite: false }),
      threat0: new THREE.MeshStandardMaterial({ color: COLOURS.white, transparent: true, opacity: 0.7 }),
      threat1: new THREE.MeshStandardMaterial({ color: COLOURS.black, transparent: true, opacity: 0.7 }),
      threatRing: new THREE.MeshBasicMaterial({ color: COLOURS.threat }),
      beneath: new THREE.MeshBasicMaterial({ color: COLOURS.threat, transparent: true, opacity: 0.55 }),
      hintRing: new THREE.MeshBasicMaterial({ color: COLOURS.hint }),
    };
    this.lastRing = new THREE.Mesh(this.lastGeometry, this.materials.last);
    this.lastRing.rotation.x = Math.PI / 2;
    this.lastRing.visible = false;
    scene.add(this.lastRing);
    this.ghost = new THREE.Mesh(this.ballGeometry, this.materials.ghost0);
    this.ghost.visible = false;
    scene.add(this.ghost);
    // The AI review's better move: a see-through ball in a ring (view.hint).
    this.hint = new THREE.Group();
    this.hintBall = new THREE.Mesh(this.ballGeometry, this.materials.ghost0);
    this.hintRing = new THREE.Mesh(this.markGeometry, this.materials.hintRing);
    this.hintRing.scale.setScalar(1.9);
    this.hintRing.rotation.x = Math.PI / 2; // level, around the ball
    this.hint.add(this.hintBall, this.hintRing);
    this.hint.visible = false;
    scene.add(this.hint);
    this.lens = new THREE.Group();
    scene.add(this.lens);
  }

  // --- drawing on demand ---------------------------------------------------------------

  requestRender() {
    if (this.pending || this.disposed) return;
    this.pending = true;
    requestAnimationFrame((now) => this.frame(now));
  }

  frame(now) {
    this.pending = false;
    if (this.disposed) return;
    this.animations = this.animations.filter((step) => step(now));
    const startedAt = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.renderMs += performance.now() - startedAt;
    this.frames += 1;
    this.container.dataset.frames = String(this.frames);
    this.container.dataset.renderMs = this.renderMs.toFixed(1);
    this.timeFrame(now);
    if (this.animations.length) this.requestRender();
  }

  timeFrame(now) {
    const chain = this.chain;
    if (chain.previous !== null) {
      chain.ms += now - chain.previous;
      chain.count += 1;
      if (chain.count === 30 && !chain.reported) {
        chain.reported = true;
        this.onRenderSpeed(Math.round(1000 / (chain.ms / chain.count)));
      }
    }
    chain.previous = this.animations.length ? now : null;
  }

  animate(step) {
    this.animations.push(step);
    this.requestRender();
  }

  resize() {
    const { clientWidth: width, clientHeight: height } = this.container;
    if (!width || !height) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.baseFov = baseFov(width, height);
    this.fitLens();
    this.requestRender();
  }

  // From further away, a longer lens (narrower field): the pegs stand straighter.
  fitLens() {
    const fov = lensFov(this.baseFov ?? 36, this.camera.position.distanceTo(TARGET));
    if (Math.abs(fov - this.camera.fov) < 1e-3) return;
    this.camera.fov = fov;
    this.camera.updateProjectionMatrix();
  }

  placeCamera(view) {
    this.camera.position.copy(cameraPosition(view));
    this.camera.lookAt(TARGET);
    this.controls.update();
    this.fitLens();
  }

  // "Oblique" or "Top": glide there from wherever the player turned the board.
  setView(name) {
    this.glideTo(VIEWS[name]);
    this.onViewChange(name);
  }

  glideTo(goal) {
    const from = new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(TARGET));
    let startedAt = null;
    // Turn the short way round.
    let dAzimuth = goal.azimuth - from.theta;
    dAzimuth = Math.atan2(Math.sin(dAzimuth), Math.cos(dAzimuth));
    const ms = stillness() ? 0 : goal.ms ?? 350;
    this.animate((now) => {
      startedAt ??= now;
      const k = ms ? Math.min(1, (now - startedAt) / ms) : 1;
      const e = k * (2 - k);
      this.placeCamera({
        polar: from.phi + (goal.polar - from.phi) * e,
        azimuth: from.theta + dAzimuth * e,
        distance: from.radius + (goal.distance - from.radius) * e,
      });
      return k < 1;
    });
  }

  // --- what is on the board ------------------------------------------------------------

  // view: { pegs, usable, toMove, lastCell, gold (Set), threats, dropCells (Set of cells to
  // animate) }
  update(view) {
    this.view = view;
    const wanted = new Map();
    view.pegs.forEach((balls, peg) => balls.forEach((player, level) => wanted.set(cellOf(peg, level), player)));
    for (const [cell, ball] of this.balls) {
      if (wanted.get(cell) !== ball.player) {
        this.scene.remove(ball.mesh);
        this.balls.delete(cell);
      }
    }
    for (const [cell, player] of wanted) {
      if (!this.balls.has(cell)) this.addBall(cell, player, view.dropCells?.has(cell));
    }
    for (const [cell, ball] of this.balls) {
      ball.body.material = view.gold?.has(cell) ? this.materials.gold : this.materials[ball.player];
    }
    this.container.dataset.goldCells = [...(view.gold ?? [])].sort((a, b) => a - b)
      .map((cell) => CELL_NAMES[cell]).join(" ");
    const last = view.lastCell;
    this.lastRing.visible = last !== null && last !== undefined && this.balls.has(last);
    if (this.lastRing.visible) this.followBall(this.lastRing, this.balls.get(last).mesh, RADIUS * 0.92);
    this.drawLens(view.threats);
    this.showWin(view.gold);
    if (!view.usable) this.selectedPeg = null;
    this.showGhost(this.selectedPeg ?? this.hoverPeg);
    this.showHint(view.hint ?? null);
    this.requestRender();
  }

  // A better move drawn on the board (the AI review): a ghost ball of the side to move on the
  // peg's next level, in a ring. showHint(null) or clearHint() removes it.
  showHint(peg) {
    const { pegs, toMove } = this.view;
    const show = peg !== null && peg >= 0 && pegs[peg].length < 4;
    this.hint.visible = show;
    this.container.dataset.hintPeg = show ? String(peg) : "";
    if (show) {
      this.hintBall.material = this.materials[`ghost${toMove}`];
      this.hint.position.set(pegX(peg), levelY(pegs[peg].length), pegZ(peg));
    }
    this.requestRender();
  }

  clearHint() {
    this.showHint(null);
  }

  addBall(cell, player, drop) {
    const peg = cell % 16;
    const level = Math.floor(cell / 16);
    const mesh = new THREE.Group();
    const body = new THREE.Mesh(this.ballGeometry, this.materials[player]);
    mesh.add(body);
    if (player === 1) {
      const band = new THREE.Mesh(this.bandGeometry, this.materials.band);
      band.rotation.x = Math.PI / 2;
      mesh.add(band);
    }
    const y = levelY(level);
    mesh.position.set(pegX(peg), y, pegZ(peg));
    this.scene.add(mesh);
    this.balls.set(cell, { mesh, body, player });
    if (!drop || stillness()) return; // reduced motion: the ball is simply there
    const top = BASE_TOP + PEG_HEIGHT + RADIUS * 1.5;
    let startedAt = null;
    mesh.position.y = top;
    this.animate((now) => {
      startedAt ??= now;
      const k = Math.min(1, (now - startedAt) / DROP_MS);
      mesh.position.y = top + (y - top) * k * k; // falling: faster and faster
      if (this.lastRing.visible && this.view.lastCell === cell) this.followBall(this.lastRing, mesh, RADIUS * 0.92);
      return k < 1;
    });
  }

  followBall(object, mesh, above) {
    object.position.set(mesh.position.x, mesh.position.y + above, mesh.position.z);
  }

  drawLens(threats) {
    this.lens.clear();
    if (!threats) return;
    const at = (cell) => new THREE.Vector3(pegX(cell % 16), levelY(Math.floor(cell / 16)), pegZ(cell % 16));
    for (const { cell, player } of threats.threats) {
      const ball = new THREE.Mesh(this.ballGeometry, this.materials[`threat${player}`]);
      ball.scale.setScalar(0.45);
      ball.position.copy(at(cell));
      const ring = new THREE.Mesh(this.markGeometry, this.materials.threatRing);
      ring.position.copy(at(cell));
      this.lens.add(ball, ring);
    }
    for (const { cell } of threats.beneath) {
      const ring = new THREE.Mesh(this.markGeometry, this.materials.beneath);
      ring.rotation.x = Math.PI / 2;
      ring.position.copy(at(cell));
      this.lens.add(ring);
    }
  }

  // --- the end of a game: the winning line joined, the camera turned to show it -----------

  showWin(gold) {
    const cells = [...(gold ?? [])].sort((a, b) => a - b);
    const key = cells.join(" ");
    if (key === this.winKey) return;
    this.winKey = key;
    if (this.winLine) {
      this.scene.remove(this.winLine);
      this.winLine = null;
    }
    delete this.container.dataset.winVisible;
    if (cells.length < 2) return;
    const ends = [cells[0], cells[cells.length - 1]].map(cellCentre);
    const length = ends[0].distanceTo(ends[1]) + RADIUS * 1.2;
    const tube = new THREE.Mesh(new THREE.CylinderGeometry(0.085, 0.085, 1, 12), this.materials.winLine);
    tube.position.copy(ends[0]).add(ends[1]).multiplyScalar(0.5);
    tube.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), ends[1].clone().sub(ends[0]).normalize());
    this.winLine = tube;
    this.scene.add(tube);
    const still = stillness();
    let startedAt = null;
    tube.scale.y = still ? length : 0.001;
    const bodies = cells.map((cell) => this.balls.get(cell)?.mesh).filter(Boolean);
    if (!still) {
      // The line draws itself from one end to the other while the four balls swell once.
      this.animate((now) => {
        startedAt ??= now;
        const k = Math.min(1, (now - startedAt) / WIN_MS);
        tube.scale.y = Math.max(0.001, length * Math.min(1, k * 1.6));
        const swell = 1 + 0.14 * Math.sin(Math.PI * k);
        for (const mesh of bodies) mesh.scale.setScalar(swell);
        return k < 1;
      });
    }
    if (this.turnedFor !== key) {
      this.turnedFor = key; // once per game: looking back and forth does not swing the camera
      const goal = this.bestViewOf(cells);
      this.glideTo({ ...goal, ms: 900 });
      this.onViewChange("");
      this.container.dataset.winVisible = String(this.visibleFrom(goal, cells, 5));
    } else {
      this.container.dataset.winVisible = String(this.visibleFrom(this.currentView(), cells, 5));
    }
  }

  currentView() {
    const s = new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(TARGET));
    return { polar: s.phi, azimuth: s.theta, distance: s.radius };
  }

  // The camera position (on the orbit the player can reach) from which most of the winning
  // balls are seen whole, the nearest such one to where the camera is now.
  bestViewOf(cells) {
    const now = this.currentView();
    let best = null;
    for (let a = 0; a < 24; a++) {
      for (const polar of [0.55, 0.8, 1.0, 1.15]) {
        const view = { polar, azimuth: -Math.PI + (a * Math.PI) / 12, distance: 12.5 };
        const seen = this.visibleFrom(view, cells, 5);
        let turn = Math.abs(Math.atan2(Math.sin(view.azimuth - now.azimuth), Math.cos(view.azimuth - now.azimuth)));
        turn += Math.abs(polar - now.polar);
        if (!best || seen > best.seen + 1e-9 || (Math.abs(seen - best.seen) < 1e-9 && turn < best.turn)) {
          best = { view, seen, turn };
        }
      }
    }
    return best.view;
  }

  // How many of `cells`' balls are in sight from `view`: a ray from the camera to the centre
  // of each ball (and, with `probes` > 1, to points round it) must meet no other ball first.
  // Worked out on the balls' resting places, so a ball still falling counts where it lands.
  visibleFrom({ polar, azimuth, distance }, cells, probes = 1) {
    const eye = TARGET.clone().add(new THREE.Vector3().setFromSphericalCoords(distance, polar, azimuth));
    const centres = [...this.balls.keys()].map((cell) => [cell, cellCentre(cell)]);
    const up = new THREE.Vector3(0, 1, 0);
    // Distance along the ray (eye, unit direction) to where it enters the ball at `centre`.
    const entry = (direction, centre) => {
      const along = centre.clone().sub(eye).dot(direction);
      const miss = centre.distanceToSquared(eye) - along * along;
      return along > 0 && miss < RADIUS * RADIUS ? along - Math.sqrt(RADIUS * RADIUS - miss) : Infinity;
    };
    let seen = 0;
    for (const cell of cells) {
      if (!this.balls.has(cell)) continue;
      const centre = cellCentre(cell);
      const toward = centre.clone().sub(eye).normalize();
      const side = new THREE.Vector3().crossVectors(toward, up).normalize();
      const lift = new THREE.Vector3().crossVectors(side, toward).normalize();
      const points = [centre];
      if (probes > 1) {
        for (const [x, y] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          points.push(centre.clone().addScaledVector(side, x * RADIUS * 0.6).addScaledVector(lift, y * RADIUS * 0.6));
        }
      }
      let hits = 0;
      for (const point of points) {
        const direction = point.clone().sub(eye).normalize();
        const own = entry(direction, centre);
        if (centres.every(([other, at]) => other === cell || entry(direction, at) >= own)) hits += 1;
      }
      seen += hits / points.length;
    }
    return Math.round(seen * 100) / 100;
  }

  showGhost(peg) {
    const { pegs, usable, toMove } = this.view;
    const show = usable && peg !== null && pegs[peg].length < 4;
    this.ghost.visible = show;
    this.container.dataset.ghostPeg = show ? String(peg) : "";
    if (!show) return;
    this.ghost.material = this.materials[`ghost${toMove}`];
    this.ghost.position.set(pegX(peg), levelY(pegs[peg].length), pegZ(peg));
  }

  // --- pointer: hover, click, tap-tap --------------------------------------------------

  pegAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const pointer = new THREE.Vector2(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    const ray = new THREE.Raycaster();
    ray.setFromCamera(pointer, this.camera);
    const hit = ray.intersectObjects(this.hitAreas, false)[0];
    return hit ? hit.object.userData.peg : null;
  }

  bindPointer() {
    let down = null;
    const canvas = this.canvas;
    canvas.addEventListener("pointerdown", (event) => {
      down = event.isPrimary ? { x: event.clientX, y: event.clientY, type: event.pointerType } : null;
    });
    canvas.addEventListener("pointermove", (event) => {
      if (down && Math.hypot(event.clientX - down.x, event.clientY - down.y) > TAP_SLOP_PX) down = null;
      if (event.pointerType !== "mouse" || event.buttons) return;
      const peg = this.pegAt(event);
      if (peg !== this.hoverPeg) {
        this.hoverPeg = peg;
        canvas.style.cursor = peg !== null && this.view.usable ? "pointer" : "";
        this.showGhost(peg);
        this.requestRender();
      }
    });
    canvas.addEventListener("pointerleave", () => {
      this.hoverPeg = null;
      this.showGhost(this.selectedPeg);
      this.requestRender();
    });
    canvas.addEventListener("pointerup", (event) => {
      if (!down || !event.isPrimary) return;
      const type = down.type;
      down = null;
      const peg = this.pegAt(event);
      if (type === "mouse") {
        if (peg !== null) this.choose(peg);
        return;
      }
      // Touch and pen: the first tap shows where the ball would go, the second drops it.
      if (peg === null) this.selectedPeg = null;
      else if (peg === this.selectedPeg) this.choose(peg);
      else this.selectedPeg = peg;
      this.showGhost(this.selectedPeg);
      this.requestRender();
    });
  }

  choose(peg) {
    this.selectedPeg = null;
    if (this.view.usable && this.view.pegs[peg].length < 4) this.onIntent(peg);
    else this.onRefused(peg);
  }

  dispose() {
    this.disposed = true;
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.renderer.dispose();
    this.canvas.remove();
  }
}
