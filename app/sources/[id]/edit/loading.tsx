import { LoadingStatus } from "@/components/sources/loading-status";

// Without its own, the edit page showed its parent's "Loading the source's health…".
export default function EditSourceLoading() {
  return <LoadingStatus what="the source's settings" />;
}
