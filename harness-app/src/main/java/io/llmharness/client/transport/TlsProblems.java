package io.llmharness.client.transport;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * A failed TLS handshake in words, with what to do about it; shared by the client and the control-plane probes so
 * both say the same.
 */
public final class TlsProblems {

    private TlsProblems() {}

    /** One line when {@code t} (or a cause) is a TLS failure, else null. */
    public static String describe(Throwable t) {
        SSLException ssl = null;
        boolean untrusted = false;
        boolean expired = false;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SSLException s && ssl == null) {
                ssl = s;
            }
            untrusted |= c instanceof CertPathBuilderException || c instanceof CertPathValidatorException;
            expired |= c instanceof CertificateExpiredException;
        }
        if (ssl == null) {
            return null;
        }
        String m = String.valueOf(ssl.getMessage());
        String lower = m.toLowerCase(Locale.ROOT);
        if (expired) {
            return "TLS handshake failed: the server's certificate has expired (or is not valid yet)";
        }
        if (untrusted || lower.contains("pkix") || lower.contains("unable to find valid certification path")) {
            return "TLS handshake failed: the server's certificate is not signed by a trusted CA; trust its CA with"
                    + " --ca-cert FILE, or skip verification with --insecure";
        }
        if (lower.contains("subject alternative name") || lower.contains("no name matching")) {
            return "TLS handshake failed: the server's certificate does not name this host (" + m
                    + "); use a host name the certificate lists, or --insecure";
        }
        if (lower.contains("not an ssl/tls record") || lower.contains("unrecognized ssl message")) {
            return "TLS handshake failed: the server does not speak TLS on this port; use http:// for it";
        }
        return "TLS handshake failed: " + m;
    }
}
