// nimlab web lab: the Errata page (its text is rendered on the server).
"use strict";
header("Errata");
