package io.llmharness.client.transport;

import io.llmharness.error.HarnessException;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.net.TrustOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * How {@code https://} servers are trusted: the JDK's trust store (default), only the CA certificates of a PEM
 * file ({@code --ca-cert}, like curl's {@code --cacert}), or any certificate and host name ({@code --insecure}).
 * The same trust applies to the measured requests (Vert.x) and to the control-plane calls ({@code /health},
 * {@code /v1/models}, {@code /metrics}, through {@link #sslContext()}). Immutable.
 */
public final class TlsOptions {

    /** The JDK's trust store, host names verified. */
    public static final TlsOptions DEFAULT = new TlsOptions(false, null, List.of());

    private final boolean insecure;
    private final Path caCert;
    private final List<X509Certificate> authorities;

    private TlsOptions(boolean insecure, Path caCert, List<X509Certificate> authorities) {
        this.insecure = insecure;
        this.caCert = caCert;
        this.authorities = List.copyOf(authorities);
    }

    /** Accept any certificate and host name: for self-signed test servers only. */
    public static TlsOptions insecure() {
        return new TlsOptions(true, null, List.of());
    }

    /**
     * Trust only the CA certificates in a PEM file.
     *
     * @param where the flag or key that named the file, for the error message
     * @throws HarnessException (config) when the file is missing or holds no certificate
     */
    public static TlsOptions trusting(Path caCert, String where) {
        try (InputStream in = Files.newInputStream(caCert)) {
            Collection<? extends Certificate> certs =
                    CertificateFactory.getInstance("X.509").generateCertificates(in);
            List<X509Certificate> x509 = certs.stream()
                    .filter(X509Certificate.class::isInstance)
                    .map(X509Certificate.class::cast)
                    .toList();
            if (x509.isEmpty()) {
                throw HarnessException.config(where + " " + caCert + ": no certificate in the file; give a PEM file"
                        + " with the CA certificate that signed the server's (-----BEGIN CERTIFICATE-----)");
            }
            return new TlsOptions(false, caCert, x509);
        } catch (NoSuchFileException e) {
            throw HarnessException.config(where + " " + caCert + ": no such file");
        } catch (IOException | CertificateException e) {
            throw HarnessException.config(where + " " + caCert + ": not a PEM certificate file (" + e.getMessage()
                    + "); give the CA certificate as PEM (-----BEGIN CERTIFICATE-----)");
        }
    }

    /** Whether every certificate and host name is accepted. */
    public boolean isInsecure() {
        return insecure;
    }

    /** The CA file trusted instead of the JDK's trust store, or null. */
    public Path caCert() {
        return caCert;
    }

    /** Sets up a Vert.x client for a server whose URL is {@code https://} (nothing to do for {@code http://}). */
    public void applyTo(HttpClientOptions o) {
        if (insecure) {
            o.setTrustAll(true).setVerifyHost(false);
        } else if (caCert != null) {
            o.setTrustOptions(TrustOptions.wrap(trustManagerFactory())).setVerifyHost(true);
        }
    }

    /** An SSL context with this trust, for the JDK's HTTP client. */
    public SSLContext sslContext() {
        try {
            if (!insecure && caCert == null) {
                return SSLContext.getDefault();
            }
            SSLContext ctx = SSLContext.getInstance("TLS");
            TrustManager[] tms = insecure
                    ? new TrustManager[] {new TrustEverything()}
                    : trustManagerFactory().getTrustManagers();
            ctx.init(null, tms, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private TrustManagerFactory trustManagerFactory() {
        try {
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            for (int i = 0; i < authorities.size(); i++) {
                ks.setCertificateEntry("ca-" + i, authorities.get(i));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            return tmf;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot load the CA certificates of " + caCert + ": " + e.getMessage(), e);
        }
    }

    /** For the resolved config: {@code system trust store}, {@code insecure} or {@code ca-cert FILE}. */
    public String describe() {
        return insecure
                ? "insecure (any certificate, no host name check)"
                : caCert == null
                        ? "system trust store"
                        : "ca-cert " + caCert.toAbsolutePath().normalize();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** {@code --insecure} for the JDK client: an extended trust manager, so no host name check is added. */
    private static final class TrustEverything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
