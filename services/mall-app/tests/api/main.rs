mod actuator;
