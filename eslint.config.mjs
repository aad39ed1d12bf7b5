import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", "dist/**", ".next/**", "node_modules/**", "next-env.d.ts", "data/**"] },
];

export default config;
