"""HTTP and websocket edges: parse, authorize, delegate."""
