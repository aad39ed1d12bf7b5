/** The Setting holding the last alert evaluation's failure ({ at, message }) until one succeeds. */
export const ALERTS_FAILURE_SETTING = "alerts_evaluation_failure";
