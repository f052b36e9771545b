print("stays")
