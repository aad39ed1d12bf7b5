import { LoadingStatus } from "@/components/sources/loading-status";

export default function HealthLoading() {
  return <LoadingStatus what="the fleet's health" />;
}
