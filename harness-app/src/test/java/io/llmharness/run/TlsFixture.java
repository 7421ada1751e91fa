package io.llmharness.run;

import io.llmharness.testing.FreePort;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * TLS for the end-to-end tests, made by the test: a CA and a server certificate signed by it (for 127.0.0.1 and
 * localhost), made with the JDK's {@code keytool} and written as PEM; and Debian's nginx terminating TLS in front of
 * a plain-HTTP server, started and stopped by the test. No openssl needed.
 */
final class TlsFixture {

    private static final String PASS = "changeit";

    private TlsFixture() {}

    /** PEM files: the CA certificate, the server's certificate and its private key. */
    record Certificates(Path caPem, Path serverCertPem, Path serverKeyPem) {}

    /**
     * A CA named {@code cn} and, when {@code withServer}, a server certificate it signed for 127.0.0.1 and localhost.
     */
    static Certificates make(Path dir, String cn, boolean withServer) throws Exception {
        Files.createDirectories(dir);
        Path ca = dir.resolve("ca.p12");
        keytool(
                "-genkeypair",
                "-alias",
                "ca",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=" + cn,
                "-ext",
                "bc:c",
                "-validity",
                "2",
                "-keystore",
                ca.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASS);
        Path caPem = dir.resolve("ca.pem");
        keytool(
                "-exportcert",
                "-alias",
                "ca",
                "-rfc",
                "-keystore",
                ca.toString(),
                "-storepass",
                PASS,
                "-file",
                caPem.toString());
        if (!withServer) {
            return new Certificates(caPem, null, null);
        }
        Path server = dir.resolve("server.p12");
        keytool(
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-keystore",
                server.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASS);
        Path csr = dir.resolve("server.csr");
        keytool(
                "-certreq",
                "-alias",
                "server",
                "-keystore",
                server.toString(),
                "-storepass",
                PASS,
                "-file",
                csr.toString());
        Path certPem = dir.resolve("server.crt");
        keytool(
                "-gencert",
                "-alias",
                "ca",
                "-keystore",
                ca.toString(),
                "-storepass",
                PASS,
                "-infile",
                csr.toString(),
                "-outfile",
                certPem.toString(),
                "-rfc",
                "-ext",
                "san=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(server)) {
            ks.load(in, PASS.toCharArray());
        }
        PrivateKey key = (PrivateKey) ks.getKey("server", PASS.toCharArray());
        Path keyPem = dir.resolve("server.key");
        Files.writeString(
                keyPem,
                "-----BEGIN PRIVATE KEY-----\n"
                        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                                .encodeToString(key.getEncoded())
                        + "\n-----END PRIVATE KEY-----\n");
        return new Certificates(caPem, certPem, keyPem);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        List<String> cmd = new ArrayList<>();
        cmd.add(java.resolveSibling("keytool").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + out);
        }
    }

    /** The nginx program, or null when it is not installed. */
    static Path nginx() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) {
                candidates.add(Path.of(d, "nginx"));
            }
        }
        candidates.add(Path.of("/usr/sbin/nginx"));
        candidates.add(Path.of("/usr/local/nginx/sbin/nginx"));
        return candidates.stream().filter(Files::isExecutable).findFirst().orElse(null);
    }

    /**
     * nginx in the foreground, one process, terminating TLS on an ephemeral loopback port and proxying to
     * {@code upstream} without buffering (so SSE streams pass chunk by chunk). Closing stops it.
     */
    static final class Nginx implements AutoCloseable {
        private final Process process;
        private final int port;
        private final Path dir;

        private Nginx(Process process, int port, Path dir) {
            this.process = process;
            this.port = port;
            this.dir = dir;
        }

        static Nginx start(Path program, Path dir, Certificates certs, String upstream) throws Exception {
            Files.createDirectories(dir);
            int port = FreePort.pick();
            String conf = """
                    daemon off;
                    master_process off;
                    pid %1$s/nginx.pid;
                    error_log %1$s/error.log warn;
                    events { worker_connections 1024; }
                    http {
                      access_log off;
                      client_body_temp_path %1$s/body;
                      proxy_temp_path %1$s/proxy;
                      fastcgi_temp_path %1$s/fastcgi;
                      uwsgi_temp_path %1$s/uwsgi;
                      scgi_temp_path %1$s/scgi;
                      server {
                        listen 127.0.0.1:%2$d ssl;
                        ssl_certificate %3$s;
                        ssl_certificate_key %4$s;
                        location / {
                          proxy_pass %5$s;
                          proxy_http_version 1.1;
                          proxy_set_header Connection "";
                          proxy_buffering off;
                          proxy_read_timeout 300s;
                        }
                      }
                    }
                    """.formatted(dir, port, certs.serverCertPem(), certs.serverKeyPem(), upstream);
            Path file = Files.writeString(dir.resolve("nginx.conf"), conf);
            Process p = new ProcessBuilder(
                            program.toString(),
                            "-p",
                            dir.toString(),
                            "-e",
                            dir.resolve("error.log").toString(),
                            "-c",
                            file.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("nginx.out").toFile())
                    .start();
            Nginx n = new Nginx(p, port, dir);
            n.awaitListening();
            return n;
        }

        private void awaitListening() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("nginx exited with " + process.exitValue() + ": "
                            + Files.readString(dir.resolve("nginx.out")) + readIfExists(dir.resolve("error.log")));
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return;
                } catch (IOException e) {
                    Thread.sleep(50);
                }
            }
            throw new IllegalStateException("nginx did not listen on " + port + " within 30 s");
        }

        private static String readIfExists(Path p) throws IOException {
            return Files.exists(p) ? Files.readString(p) : "";
        }

        /** {@code https://127.0.0.1:<port>}. */
        String url() {
            return "https://127.0.0.1:" + port;
        }

        long pid() {
            return process.pid();
        }

        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
