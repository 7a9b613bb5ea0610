// The device class sent with every event, derived from a navigator-like object into a small
// enum. The user-agent string is read here and never leaves this module.
import { coresBucket, memoryBucket } from "./buckets.js";

const BRAND_FAMILIES = [
  [/Microsoft Edge/i, "edge"],
  [/Opera/i, "opera"],
  [/Samsung Internet/i, "samsung"],
  [/Google Chrome|Chromium|HeadlessChrome/i, "chrome"],
];

const UA_BROWSERS = [
  [/Edg(e|A|iOS)?\//, "edge"],
  [/OPR\/|OPiOS\/|Opera/, "opera"],
  [/SamsungBrowser\//, "samsung"],
  [/Firefox\/|FxiOS\//, "firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "chrome"],
  [/Version\/[\d.]+.*Safari\//, "safari"],
];

const PLATFORM_OSES = [
  [/^Android$/i, "android"],
  [/^iOS$|^iPadOS$/i, "ios"],
  [/^Windows$/i, "windows"],
  [/^macOS$/i, "macos"],
  [/^Chrome ?OS$|^Chromium ?OS$/i, "chromeos"],
  [/^Linux$/i, "linux"],
];

const UA_OSES = [
  [/Android/, "android"],
  [/iPhone|iPad|iPod/, "ios"],
  [/Windows/, "windows"],
  [/CrOS/, "chromeos"],
  [/Macintosh|Mac OS X/, "macos"],
  [/Linux|X11/, "linux"],
];

function firstMatch(table, text) {
  for (const [pattern, value] of table) if (pattern.test(text)) return value;
  return null;
}

export function browserFamily(nav) {
  const brands = nav.userAgentData?.brands;
  if (Array.isArray(brands)) {
    for (const [pattern, family] of BRAND_FAMILIES) {
      if (brands.some((entry) => pattern.test(String(entry?.brand ?? "")))) return family;
    }
  }
  return firstMatch(UA_BROWSERS, String(nav.userAgent ?? "")) ?? "other";
}

export function osFamily(nav) {
  const platform = nav.userAgentData?.platform;
  if (typeof platform === "string" && platform) {
    const family = firstMatch(PLATFORM_OSES, platform);
    if (family) return family;
  }
  const ua = String(nav.userAgent ?? "");
  const family = firstMatch(UA_OSES, ua);
  // iPadOS asks for desktop pages with a Mac user agent; only touch tells them apart.
  if (family === "macos" && nav.maxTouchPoints > 1) return "ios";
  return family ?? "other";
}

export function isPhone(nav) {
  if (typeof nav.userAgentData?.mobile === "boolean") return nav.userAgentData.mobile;
  const ua = String(nav.userAgent ?? "");
  return /iPhone|iPod|Windows Phone|Android.*Mobile|Mobile.*Firefox|Mobi/.test(ua) && !/iPad/.test(ua);
}

export function deviceClass(nav) {
  return {
    phone: isPhone(nav),
    memory: memoryBucket(nav.deviceMemory),
    cores: coresBucket(nav.hardwareConcurrency),
    browser: browserFamily(nav),
    os: osFamily(nav),
  };
}

// Off from the start when the browser says Global Privacy Control or Do Not Track.
export function defaultEnabled(nav) {
  if (nav.globalPrivacyControl === true) return false;
  const dnt = nav.doNotTrack;
  return !(dnt === "1" || dnt === "yes");
}
