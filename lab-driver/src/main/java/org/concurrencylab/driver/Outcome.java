package org.concurrencylab.driver;

/** How one request ended, in the kinds the lab reports failures by. */
public enum Outcome {
    OK,
    /** No complete answer within the per-request timeout. */
    TIMEOUT,
    /** Refused, reset or closed by the server before a complete answer. */
    CONNECTION_ERROR,
    HTTP_5XX,
    HTTP_4XX,
    /** Due while the open model's in-flight cap was reached, so never sent: the driver's limit, not the server's. */
    NOT_SENT,
    /** Anything else the client raised: a bug in the lab rather than a verdict on the server. */
    OTHER_ERROR;

    public boolean failed() {
        return this != OK;
    }

    static Outcome ofStatus(int status) {
        if (status >= 500) {
            return HTTP_5XX;
        }
        if (status >= 400) {
            return HTTP_4XX;
        }
        return OK;
    }
}
