import Application
import CommandLineOptions

/// The one switch of every outbound request Stays makes (calendar feeds, webhooks).
extension ServeOption {
    static let outboundOptions: [ServeOption] = [
        .flag("allow-private-addresses", env: "STAYS_ALLOW_PRIVATE_ADDRESSES",
              "let outbound requests (calendar feeds, webhooks) reach loopback and private addresses: tests and local setups only",
              \.application.allowPrivateAddresses),
    ]
}
