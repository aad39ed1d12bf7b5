import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The layer rules (what each folder may import) are not here: they are one map, layer-map.mjs,
// enforced by dependency-cruiser (.dependency-cruiser.mjs) as part of `npm run lint`.
const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", "dist/**", ".next/**", "node_modules/**", "next-env.d.ts", "data/**"] },
  {
    // One transaction helper (lib/db/transaction.ts): its sizes and limits are decided in one place.
    files: ["{lib,app,components,scripts}/**/*.{ts,tsx}"],
    ignores: ["lib/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$transaction']",
          message: "Use inTransaction from @/lib/db/client: the one transaction helper (lib/db/transaction.ts).",
        },
      ],
    },
  },
];

export default config;
