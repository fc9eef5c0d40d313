"""Running programs: process trees per platform, their readers, the launcher and the sandbox.
Nothing here knows what a verdict is."""
