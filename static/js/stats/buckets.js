// Exact figures become coarse buckets here, in the browser, before anything is sent.

export function durationBucket(ms) {
  const minutes = ms / 60000;
  if (!(minutes >= 0)) throw new RangeError(`duration must be a non-negative number, not ${ms}`);
  if (minutes < 1) return "under-1m";
  if (minutes < 3) return "1-3m";
  if (minutes < 10) return "3-10m";
  if (minutes < 30) return "10-30m";
  if (minutes < 60) return "30-60m";
  return "over-60m";
}

export function reconnectBucket(count) {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`reconnects must be a non-negative integer, not ${count}`);
  }
  if (count <= 1) return String(count);
  if (count <= 3) return "2-3";
  if (count <= 9) return "4-9";
  return "10+";
}

export function renderBucket(fps) {
  if (!(typeof fps === "number" && fps >= 0)) {
    throw new RangeError(`frames per second must be a non-negative number, not ${fps}`);
  }
  if (fps < 15) return "under-15fps";
  if (fps < 30) return "15-30fps";
  if (fps < 50) return "30-50fps";
  return "50fps+";
}

// navigator.deviceMemory: 0.25, 0.5, 1, 2, 4 or 8 (GB, capped), absent outside Chromium.
export function memoryBucket(gigabytes) {
  if (typeof gigabytes !== "number" || !(gigabytes > 0)) return "unknown";
  if (gigabytes < 2) return "under-2gb";
  if (gigabytes < 4) return "2-4gb";
  if (gigabytes < 8) return "4-8gb";
  return "8gb+";
}

// navigator.hardwareConcurrency: logical processors.
export function coresBucket(cores) {
  if (!Number.isInteger(cores) || cores < 1) return "unknown";
  if (cores <= 2) return "1-2";
  if (cores <= 4) return "3-4";
  if (cores <= 8) return "5-8";
  if (cores <= 16) return "9-16";
  return "17+";
}
