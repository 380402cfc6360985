/** Plane geometry on [longitude, latitude] pairs: the sandbox's vessel tracks and map lines. */

/** Linear interpolation of [lon, lat] that crosses the antimeridian the short way. */
export function interpolate(a: [number, number], b: [number, number], f: number): [number, number] {
	let bl = b[0];
	if (bl - a[0] > 180) bl -= 360;
	if (a[0] - bl > 180) bl += 360;
	let lon = a[0] + (bl - a[0]) * f;
	if (lon > 180) lon -= 360;
	if (lon < -180) lon += 360;
	return [Math.round(lon * 1e5) / 1e5, Math.round((a[1] + (b[1] - a[1]) * f) * 1e5) / 1e5];
}

export function bearing(a: [number, number], b: [number, number]): number {
	let dl = b[0] - a[0];
	if (dl > 180) dl -= 360;
	if (dl < -180) dl += 360;
	const deg = (Math.atan2(dl, b[1] - a[1]) * 180) / Math.PI;
	return Math.round(((deg + 360) % 360) * 10) / 10;
}
