// The address Fever apps are usually given: the same API as /api/fever.
export { GET, POST } from "@/app/api/fever/route";

export const dynamic = "force-dynamic";
