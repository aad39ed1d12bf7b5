// Types of layer-map.mjs (plain JavaScript, so that dependency-cruiser's config can import it).
export type Layer = { name: string; paths: string[]; uses: string[]; job: string };
export declare const LAYERS: Layer[];
