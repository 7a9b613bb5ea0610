// The parts of three.js the Score Four board (static/js/score-four/board3d.js) uses: the entry
// of the tree-shaken build tools/vendor_three.sh makes with esbuild from the pinned npm
// package. A name board3d.js uses must be listed here (tests/games/test_static.py checks).
export {
  BoxGeometry,
  CanvasTexture,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  REVISION,
  SRGBColorSpace,
  Scene,
  SphereGeometry,
  Spherical,
  TorusGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
} from "three";
export { OrbitControls } from "three/addons/controls/OrbitControls.js";
// board3d.js imports OrbitControls from "three" too: the page's importmap maps only "three".
