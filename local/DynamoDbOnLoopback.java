/*
 * DynamoDB Local on 127.0.0.1 only. Its own main (ServerRunner) builds a Jetty server on every
 * interface and has no option for the address, so this builds the same server from the same
 * command line, moves its connector to the loopback address, and starts it. Compiled once and run
 * by local/dynamodb.ts with DynamoDB Local's jar and libraries on the class path; the arguments
 * are DynamoDB Local's own (-port, -dbPath, -sharedDb, -inMemory...).
 */
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public final class DynamoDbOnLoopback {
  private static final String LOOPBACK = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field jettyField = DynamoDBProxyServer.class.getDeclaredField("server");
    jettyField.setAccessible(true);
    Server jetty = (Server) jettyField.get(proxy);
    for (Connector connector : jetty.getConnectors()) {
      ((ServerConnector) connector).setHost(LOOPBACK);
    }
    proxy.start();
    proxy.join();
  }
}
